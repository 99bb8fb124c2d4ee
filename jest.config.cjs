/** Unit and component tests of every front-end package, run as one jest invocation. */
module.exports = {
  projects: [
    '<rootDir>/shared',
    '<rootDir>/shell',
    '<rootDir>/mfe-landing',
    '<rootDir>/mfe-auth',
    '<rootDir>/mfe-client',
    '<rootDir>/mfe-admin',
    '<rootDir>/mfe-chat',
  ],
  maxWorkers: 2,
};
