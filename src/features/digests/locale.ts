import en from '../../../locales/en/digests.json';
import pt from '../../../locales/pt/digests.json';
import { addPageNamespace } from '../../i18n';

// The digests namespace comes with this area's chunk, not with the sign-in page (src/i18n/index.ts).
addPageNamespace('digests', { en, pt });
