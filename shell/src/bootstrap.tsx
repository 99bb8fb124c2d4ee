import 'shared/styles.css';
import './app/shell.css';

/** A new task: the browser may paint and handle input before the next step runs. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The largest shared libraries are evaluated one task at a time before the
 * shell's own code, which imports them all at once, so the page never runs
 * one long task evaluating them together (blocking time). They are already
 * downloaded (one chunk): this only spreads their evaluation.
 */
async function boot(container: HTMLElement) {
  const steps = [
    () => import('react-dom/client'),
    () => import('react-router-dom'),
    () => import('@tanstack/react-query'),
    () => import('shared/session'),
    () => import('shared/routing'),
    () => import('shared/ui'),
    // The shell's own copies, loaded first, are the ones the remotes then use (`loaded-first`): a remote
    // needs not download its fallback copy of the API client, ky with it, or of its routes helper.
    () => import('shared/api'),
    () => import('shared/remote'),
  ];
  for (const evaluate of steps) {
    await evaluate();
    await nextTask();
  }
  const { startShell } = await import(/* webpackChunkName: "start-shell" */ './app/start-shell');
  await startShell(container);
}

const container = document.getElementById('root');
if (container) void boot(container);
