import { createContext, type RouterContextProvider } from "react-router";

/** What the HTTP layer learned about a request, handed to loaders, actions and the renderer. */
export type RequestInfo = {
  /** Per-request CSP nonce for the inline scripts React Router and React emit. */
  nonce: string;
  /**
   * The page's form key: the base of the idempotency key each form of the page posts
   * (lib/idempotency.ts), random per answer (the page cache puts a new one in each kept copy).
   */
  formKey: string;
  /** The client's address (from the socket, or X-Forwarded-For behind a trusted proxy). */
  ip: string;
  requestId: string;
  /** The page offers French in a banner (a first visit from a French-speaking browser; server/language-offer.ts). */
  offerFrench?: boolean;
};

export const requestInfoContext = createContext<RequestInfo>({
  nonce: "",
  formKey: "",
  ip: "unknown",
  requestId: "dev",
});

export function requestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestInfoContext);
}
