export { type ApiConfig, testConfig } from "./config";
export { type ApiDeps, type Context, createContext, type RequestInfo } from "./context";
export { AppError, type AppErrorCode, HTTP_STATUS, isDatabaseUnavailable } from "./errors";
export { type AppRouter, appRouter, createCaller } from "./root";
export { createDiskStorage, type UploadStorage } from "./storage/storage";
export { fieldErrorsOf } from "./trpc";
export { type CleanupResult, cleanupUploads } from "./domain/uploads/cleanup";
export { proofLink } from "./domain/uploads/proof";
export { contentDisposition, lookupStoredFile, type StoredFileLookup } from "./domain/uploads/serve";
