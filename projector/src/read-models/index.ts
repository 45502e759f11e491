import type { ReadModel } from '../read-model.ts';
import { contactRequests } from './contact-requests.ts';
import { clientErrors } from './client-errors.ts';

/** Every read model the projector maintains. One line per read model. */
export const readModels: readonly ReadModel[] = [contactRequests, clientErrors];
