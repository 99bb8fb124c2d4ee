export { CONTACT } from './contact';
export { EXPERT_FEE_MINIMUM, EXPERT_FEE_PER_MILLE, PLATFORM_FEE_PER_MILLE } from './fee-rates';
