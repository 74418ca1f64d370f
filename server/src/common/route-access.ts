/**
 * The metadata keys of @Public() and @Roles() (auth/auth.decorators.ts), read by the AuthGuard and
 * by the OpenAPI document (common/swagger.ts). Here, in common/, so that the document builds on no
 * feature module (docs/architecture.md, "Rules the build checks").
 */
export const IS_PUBLIC = 'auth:public';
export const ALLOWED_ROLES = 'auth:roles';
