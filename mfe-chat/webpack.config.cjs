const { createAppConfig } = require('shared/build/webpack');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'mfe_chat',
  role: 'remote',
  title: 'mfe-chat · Fundament',
  exposes: {
    './Widget': './src/app/widget.tsx'
  },
});
