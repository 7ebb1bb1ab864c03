import type { CachedAnswers } from '../http/endpoint.ts';
import type { Services } from '../services/index.ts';

export interface RouteOptions {
  services: Services;
  /** '/api' beside the web app, '' in API-only mode; media URLs include it */
  apiPrefix: string;
  /** heavy answers kept serialized until the catalog changes */
  cached: CachedAnswers;
}
