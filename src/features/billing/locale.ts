import en from '../../../locales/en/billing.json';
import pt from '../../../locales/pt/billing.json';
import { addPageNamespace } from '../../i18n';

// The billing namespace comes with this area's chunk, not with the sign-in page (src/i18n/index.ts).
addPageNamespace('billing', { en, pt });
