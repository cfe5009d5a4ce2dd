import { useSellerExamples } from "./seller-examples";
import { t } from "./texts";

const features = (sizes: string) => [
  {
    title: t("featureStockTitle"),
    text: t("featureStockText", { sizes }),
    icon: "M20 7 12 3 4 7m16 0-8 4m8-4v10l-8 4m0-10L4 7m8 4v10M4 7v10l8 4",
  },
  { title: t("featureSizesTitle", { sizes }), text: t("featureSizesText", { sizes }), icon: "M4 6h16M4 12h16M4 18h10" },
  {
    title: t("featureImagesTitle"),
    text: t("featureImagesText"),
    icon: "M9.94 14.06 8 20l-1.94-5.94L0 12l6.06-1.94L8 4l1.94 6.06L16 12l-6.06 2.06Z",
  },
  {
    title: t("featureLinkTitle"),
    text: t("featureLinkText"),
    icon: "M13.19 8.69a4.5 4.5 0 0 1 1.24 7.24l-4.5 4.5a4.5 4.5 0 0 1-6.36-6.36l1.76-1.76m13.35-.62 1.76-1.76a4.5 4.5 0 0 0-6.36-6.36l-4.5 4.5a4.5 4.5 0 0 0 1.24 7.24",
  },
  {
    title: t("featureWhatsappTitle"),
    text: t("featureWhatsappText"),
    icon: "M8 12h.01M12 12h.01M16 12h.01M21 12c0 4.4-4 8-9 8a9.8 9.8 0 0 1-4-.8L3 20l1.3-3.9A7.4 7.4 0 0 1 3 12c0-4.4 4-8 9-8s9 3.6 9 8Z",
  },
  {
    title: t("featureMobileTitle"),
    text: t("featureMobileText"),
    icon: "M10.5 1.5h-3A2.25 2.25 0 0 0 5.25 3.75v16.5a2.25 2.25 0 0 0 2.25 2.25h9a2.25 2.25 0 0 0 2.25-2.25V3.75A2.25 2.25 0 0 0 16.5 1.5h-3m-3 0V3h3V1.5m-3 0h3m-3 18.75h3",
  },
];

/** The store form's marketing cards (spec section 2): what a store gives the seller. */
export function StoreFeatures() {
  const { sizes } = useSellerExamples();
  return (
    <section aria-labelledby="store-features-title">
      <h2 id="store-features-title" className="mb-4 text-lg font-semibold">
        {t("featuresTitle")}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {features(sizes).map((feature) => (
          <li key={feature.title} className="rounded-2xl border border-slate-200 bg-white p-4">
            <span className="mb-3 grid size-10 place-items-center rounded-xl bg-brand-50 text-brand-700">
              <svg
                aria-hidden
                viewBox="0 0 24 24"
                className="size-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d={feature.icon} />
              </svg>
            </span>
            <h3 className="font-semibold">{feature.title}</h3>
            <p className="mt-1 text-sm text-slate-600">{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
