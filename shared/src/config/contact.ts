/** Public contact details shown in the footer and used by the support chat. */
export const CONTACT = {
  email: 'support@fundament.example',
  phone: '+33 1 84 80 00 00',
  /** The number the support chat opens in the messaging app (digits only, as wa.me expects). */
  messagingPhone: '33184800000',
  social: {
    x: 'https://x.com/fundament_app',
    linkedin: 'https://www.linkedin.com/company/fundament-app',
    facebook: 'https://www.facebook.com/fundament.app',
  },
} as const;
