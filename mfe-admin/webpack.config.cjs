const { createAppConfig } = require('shared/build/webpack');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'mfe_admin',
  role: 'remote',
  title: 'mfe-admin · Fundament',
  exposes: {
    './Routes': './src/app/remote-routes.tsx',
  },
});
