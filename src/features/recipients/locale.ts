import en from '../../../locales/en/recipients.json';
import pt from '../../../locales/pt/recipients.json';
import { addPageNamespace } from '../../i18n';

// The recipients namespace comes with the pages that show addresses and with the confirmation page.
addPageNamespace('recipients', { en, pt });
