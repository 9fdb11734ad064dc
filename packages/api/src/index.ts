export { type ApiConfig, testConfig } from "./config";
export { type ApiDeps, type Context, createContext, type RequestInfo } from "./context";
export { AppError, type AppErrorCode, HTTP_STATUS, isDatabaseUnavailable } from "./errors";
export { type AppRouter, appRouter, createCaller } from "./root";
export { createDiskStorage, type UploadStorage } from "./storage/storage";
export { fieldErrorsOf } from "./trpc";
