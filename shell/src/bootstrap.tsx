import 'shared/styles.css';
import './app/shell.css';
import { createRoot } from 'react-dom/client';
import { startShell } from './app/start-shell';

const container = document.getElementById('root');
if (container) void startShell(createRoot(container));
