import { createContext, type RouterContextProvider } from "react-router";

/** What the HTTP layer learned about a request, handed to loaders, actions and the renderer. */
export type RequestInfo = {
  /** Per-request CSP nonce for the inline scripts React Router and React emit. */
  nonce: string;
  /** The client's address (from the socket, or X-Forwarded-For behind a trusted proxy). */
  ip: string;
  requestId: string;
};

export const requestInfoContext = createContext<RequestInfo>({
  nonce: "",
  ip: "unknown",
  requestId: "dev",
});

export function requestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestInfoContext);
}
