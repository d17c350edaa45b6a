import en from '../../../locales/en/alerts.json';
import pt from '../../../locales/pt/alerts.json';
import { addPageNamespace } from '../../i18n';

// The alerts namespace comes with this area's chunk, not with the sign-in page (src/i18n/index.ts).
addPageNamespace('alerts', { en, pt });
