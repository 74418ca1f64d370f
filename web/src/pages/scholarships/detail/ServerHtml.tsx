/** Moved to src/forms/ServerHtml.tsx (the essay field shows saved essays with it too); import it from there. */
export { ServerHtml } from '../../../forms/ServerHtml';
