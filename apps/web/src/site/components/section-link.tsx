import type { MouseEvent, ReactNode } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { scrollToSection } from "../lib/sections";

type Props = {
  /** Section id on the home page ("services", "portfolio", …); "" is the top of the page. */
  section: string;
  className?: string;
  children: ReactNode;
  onNavigate?: () => void;
  "aria-current"?: "page" | "location" | undefined;
};

/**
 * A link to a home section: on the home route it smooth-scrolls there (after 100 ms); from any other
 * route a section link is a plain link, i.e. a full page navigation to /#section.
 */
export function SectionLink({ section, className, children, onNavigate, ...rest }: Props) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const href = section ? `/#${section}` : "/";
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onNavigate?.();
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    if (pathname === "/") {
      event.preventDefault();
      void scrollToSection(section);
    } else if (!section) {
      // Home itself needs no reload: the client router takes it there.
      event.preventDefault();
      navigate("/");
    }
  };
  return (
    <a href={href} className={className} onClick={onClick} {...rest}>
      {children}
    </a>
  );
}
