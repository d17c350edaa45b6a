import en from '../../../locales/en/dns.json';
import pt from '../../../locales/pt/dns.json';
import { addPageNamespace } from '../../i18n';

// The dns namespace comes with this area's chunk, not with the sign-in page (src/i18n/index.ts).
addPageNamespace('dns', { en, pt });
