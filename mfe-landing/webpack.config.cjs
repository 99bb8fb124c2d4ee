const { createAppConfig } = require('shared/build/webpack');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'mfe_landing',
  role: 'remote',
  title: 'mfe-landing · Fundament',
  exposes: {
    './Routes': './src/app/remote-routes.tsx',
  },
});
