import type { ReadModel } from '../read-model.ts';
import { contactRequests } from './contact-requests.ts';

/** Every read model the projector maintains. One line per read model. */
export const readModels: readonly ReadModel[] = [contactRequests];
