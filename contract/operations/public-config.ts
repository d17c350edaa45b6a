import { operation } from '../operation';
import { publicConfigSchema } from '../reputation';

export const publicConfigOps = {
  get: operation({
    method: 'GET',
    path: '/api/ph/public-config/',
    tag: 'meta',
    summary: 'Public settings of this installation for the interface',
    auth: 'public',
    responses: { 200: publicConfigSchema },
    errors: [],
  }),
};
