// @ts-nocheck
/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule xss: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).

// from test/engines/static/fixtures/xss/typed.ts
export function profile(req: Request, res: Response): void {
  const who = req.params.user;
  res.status(200).send(`<h2>Profile of ${who}</h2>`); // ruleid: xss
}
