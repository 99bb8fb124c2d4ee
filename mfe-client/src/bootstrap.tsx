import 'shared/styles.css';
import { renderStandalone } from 'shared/standalone';
import RemoteRoutes from './app/remote-routes';

// Only used when this remote runs on its own; the shell imports ./Routes instead.
void renderStandalone('mfe_client', RemoteRoutes);
