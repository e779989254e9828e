import type { RouteGroup } from '../http/route';
import { dashboardRoutes } from './dashboard';
import { searchRoutes } from './search';

/**
 * Every declared route group of the web app, in the order Express tries them (a literal path
 * such as `/files/download.zip` before `/files/:id`). The OpenAPI document is built from this list.
 */
export const WEB_APP_ROUTES: readonly RouteGroup[] = [dashboardRoutes, searchRoutes];
