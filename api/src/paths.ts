import path from 'node:path';

/**
 * The API's folder, where its migrations, schema and assets are. This file is
 * one level below it (api/src), as is the compiled server (api/dist/server.js)
 * that bundles it, so the same line finds the folder from either.
 */
export const API_DIR = path.resolve(__dirname, '..');

/** The repository root: the built front ends and, by default, the data folder. */
export const REPO_ROOT = path.resolve(API_DIR, '..');
