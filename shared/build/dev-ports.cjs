/** Ports of the development servers (`pnpm dev`); the production server serves everything on one port. */
module.exports = {
  shell: 3000,
  api: 3001,
  mfe_landing: 3101,
  mfe_auth: 3102,
  mfe_client: 3103,
  mfe_admin: 3104,
  mfe_chat: 3105,
};
