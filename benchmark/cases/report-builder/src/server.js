import Fastify from 'fastify';
import { routes } from './routes.js';

const app = Fastify({ logger: true, bodyLimit: 256 * 1024 });
await app.register(routes);
await app.listen({ port: Number(process.env.PORT ?? 4000), host: '0.0.0.0' });
