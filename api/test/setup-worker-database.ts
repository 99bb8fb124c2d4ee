import { workerDatabaseUrl } from './worker-database';

// Run before each test file (jest `setupFiles`): the file, and every server or process it starts, uses the worker's database.
const url = process.env.DATABASE_URL;
const worker = process.env.JEST_WORKER_ID;
if (url && worker) process.env.DATABASE_URL = workerDatabaseUrl(url, worker);
