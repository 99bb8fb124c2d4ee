import toast from 'react-hot-toast';

/** How long the product's own notifications stay (docs/product.md §9). */
export const NOTIFICATION_DURATION_MS = 5000;

/**
 * The product's notifications, shown by the shell's single Toaster (top right).
 * react-hot-toast is a federation singleton, so a remote calling these reaches that Toaster.
 */
export const notify = {
  success: (message: string) => toast.success(message, { duration: NOTIFICATION_DURATION_MS }),
  error: (message: string) => toast.error(message, { duration: NOTIFICATION_DURATION_MS }),
  info: (message: string) => toast(message, { duration: NOTIFICATION_DURATION_MS }),
};
