// The form field styles ship with shared/forms; pages that only use its class names still need them.
import 'shared/forms';
import './admin.css';
import './escrow.css';
