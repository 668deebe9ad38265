export default function Page() {
  return (
    <main id="main" className="container-page py-12">
      <h1 className="text-3xl font-bold">privacy-policy</h1>
    </main>
  );
}
