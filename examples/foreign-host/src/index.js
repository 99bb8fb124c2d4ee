// The async boundary every federated host needs before it loads a remote.
import('./bootstrap');
