// Async boundary: shared libraries are negotiated before the app imports them.
import('./bootstrap');
