// Response types of /api/chiusure (docs/trainings.md): they type the routes and the SPA's endpoints.
import type { Chiusura } from './rules';

export interface ChiusureResponse {
  data: Chiusura[];
  count: number;
}

export interface ChiusuraResponse {
  data: Chiusura;
}
