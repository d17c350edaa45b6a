import { catalogue } from './catalogue';

/** GET /conditions/: the catalogue as a JSON:API-style list. */
export function conditionList() {
  return {
    data: catalogue.map(({ id, ...attributes }) => ({ type: 'conditions' as const, id, attributes })),
  };
}
