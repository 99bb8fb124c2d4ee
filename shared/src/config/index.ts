export { CONTACT } from './contact';
