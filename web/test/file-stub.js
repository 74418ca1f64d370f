/** Stylesheets and images are irrelevant to behaviour tests. */
export default {};
