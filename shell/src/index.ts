// The async boundary: federation negotiates the shared libraries before any
// of them is imported by the app itself.
import('./bootstrap');
