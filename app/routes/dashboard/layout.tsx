import { Outlet } from "react-router";
import { SiteHeader } from "~/components/layout/site-header";

export default function DashboardLayout() {
  return (
    <>
      <SiteHeader />
      <Outlet />
    </>
  );
}
