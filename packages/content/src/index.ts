export * from "./categories";
export * from "./category-pages";
export * from "./studio";
