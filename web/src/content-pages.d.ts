/** A content page's Markdown imports as its compiled page (content/vite-site-content.mjs). */
declare module '*.md' {
  const page: import('./pages/public/site-page').SitePage;
  export default page;
}
