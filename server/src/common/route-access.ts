/**
 * The metadata keys of @Public(), @Roles() and @KeyScope() (auth/auth.decorators.ts), read by the AuthGuard and
 * by the OpenAPI document (common/swagger.ts). Here, in common/, so that the document builds on no
 * feature module (docs/architecture.md, "Rules the build checks").
 */
export const IS_PUBLIC = 'auth:public';
export const ALLOWED_ROLES = 'auth:roles';
/** The scope an API key needs to call the route (auth/auth.decorators.ts, @KeyScope()); none: no key may call it. */
export const KEY_SCOPE = 'auth:key-scope';
