// Every enum of the artifacts and configs is one `as const` tuple of strings fed to literalUnion: the JSON Schema
// gets one `const` per value, and the TypeScript type is the union of those values, so `tsc` rejects any other
// string. (`Type.Union([...].map(Type.Literal))` over a plain array collapses to `string`.)
import { Type, type SchemaOptions, type TLiteral, type TUnion } from '@sinclair/typebox';

export function literalUnion<const T extends readonly [string, ...string[]]>(values: T, options?: SchemaOptions): TUnion<TLiteral<T[number]>[]> {
  return Type.Union(
    values.map((value: T[number]) => Type.Literal(value)),
    options,
  );
}
