import { BrowserRouter } from "react-router-dom";
import { ToastProvider } from "../components/ui/toast";
import { StudioProfileProvider } from "../site/studio-profile";
import { AppRoutes } from "./router";

/** The API client is not mounted here: see DataProvider (lazy islands keep the public entry chunk small). */
export function App() {
  return (
    <ToastProvider>
      <StudioProfileProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </StudioProfileProvider>
    </ToastProvider>
  );
}
