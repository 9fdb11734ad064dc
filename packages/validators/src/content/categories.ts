/** Static content of the six category landing pages (section 3 "static content per category page"). */
export type CategoryFeature = { icon: string; title: string; description: string };
export type CategoryService = { title: string; description: string; price: string; image: string };
export type CategoryPortfolioItem = { title: string; description: string; image: string; video?: string };
export type CategoryPage = {
  slug: CategorySlug;
  title: string;
  subtitle: string;
  description: string;
  icon: string;
  heroImage: string;
  gradient: readonly [string, string];
  features: readonly CategoryFeature[];
  services: readonly CategoryService[];
  portfolio: readonly CategoryPortfolioItem[];
};

export const CATEGORY_SLUGS = [
  "photography",
  "videography",
  "cinematography",
  "drone-services",
  "vfx-post",
  "commercial",
] as const;
export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

const img = (name: string) => `/media/${name}`;

const service = (title: string, price: string, description: string, image: string): CategoryService => ({
  title,
  price,
  description,
  image: img(image),
});

export const CATEGORY_PAGES: Record<CategorySlug, CategoryPage> = {
  photography: {
    slug: "photography",
    title: "Photography",
    subtitle: "Light, composition and the moment in between",
    description: "Portraits, events, products and spaces, photographed with intent and finished by hand.",
    icon: "📸",
    heroImage: img("portrait.jpg"),
    gradient: ["#f59e0b", "#ef4444"],
    features: [
      {
        icon: "🎯",
        title: "Direction that relaxes",
        description: "We guide every pose so you look like yourself on your best day.",
      },
      {
        icon: "💡",
        title: "Studio and location light",
        description: "Full lighting kits on set, wherever the story happens.",
      },
      {
        icon: "🖌️",
        title: "Hand retouching",
        description: "Every delivered frame is colour-corrected and retouched by a person.",
      },
    ],
    services: [
      service("Portrait", "299", "A one-hour portrait session with ten retouched images.", "portrait.jpg"),
      service("Event", "799", "Full event coverage with a same-week gallery.", "event.jpg"),
      service("Product", "199", "Clean e-commerce and lifestyle product photographs.", "product.jpg"),
      service("Fashion", "599", "Editorial and lookbook shoots with styling support.", "fashion.jpg"),
      service("Real Estate", "399", "Interiors and exteriors that sell the space.", "real-estate.jpg"),
      service("Corporate", "499", "Headshots and workplace stories for your brand.", "corporate.jpg"),
    ],
    portfolio: [
      {
        title: "Golden Hour Portraits",
        description: "Natural light portrait series by the lake.",
        image: img("portrait.jpg"),
      },
      {
        title: "Harbour Wedding",
        description: "A wedding day told in candid frames.",
        image: img("event.jpg"),
      },
      {
        title: "Studio Product Line",
        description: "A catalogue shot in a single day.",
        image: img("product.jpg"),
      },
    ],
  },
  videography: {
    slug: "videography",
    title: "Videography",
    subtitle: "Stories that move",
    description:
      "Corporate films, weddings, music videos, documentaries and live streaming, shot and cut in-house.",
    icon: "🎥",
    heroImage: img("film-set.jpg"),
    gradient: ["#6366f1", "#ec4899"],
    features: [
      {
        icon: "🎬",
        title: "Cinema cameras",
        description: "Full-frame cinema bodies and prime glass on every shoot.",
      },
      { icon: "🎙️", title: "Clean sound", description: "Wireless lavaliers and a dedicated sound recordist." },
      { icon: "📡", title: "Live streaming", description: "Multi-camera live streams to any platform." },
    ],
    services: [
      service("Corporate", "1299", "Brand stories, interviews and internal films.", "corporate.jpg"),
      service("Wedding", "1899", "A cinematic wedding film and a full-length edit.", "event.jpg"),
      service("Music", "2499", "Performance and narrative music videos.", "concert.jpg"),
      service("Documentary", "3499", "Researched, interviewed and told with care.", "documentary.jpg"),
      service("Product", "899", "Short product films for launches and ads.", "product.jpg"),
      service("Event", "1599", "Highlights and full recordings of your event.", "concert.jpg"),
    ],
    portfolio: [
      {
        title: "Night Market",
        description: "A short documentary about a city after dark.",
        image: img("documentary.jpg"),
      },
      { title: "Live Session", description: "A four-camera live recording.", image: img("concert.jpg") },
      {
        title: "Founders' Film",
        description: "A company story in three minutes.",
        image: img("corporate.jpg"),
      },
    ],
  },
  cinematography: {
    slug: "cinematography",
    title: "Cinematography",
    subtitle: "Images with intention",
    description:
      "Feature films, shorts and commercial spots lit and shot by an experienced camera department.",
    icon: "🎞️",
    heroImage: img("film-set.jpg"),
    gradient: ["#0ea5e9", "#8b5cf6"],
    features: [
      {
        icon: "🎥",
        title: "Camera department",
        description: "DoP, focus puller and grip team who work together every week.",
      },
      {
        icon: "🌗",
        title: "Lighting design",
        description: "Looks designed in pre-production and held across every scene.",
      },
      {
        icon: "🎨",
        title: "On-set colour",
        description: "Live grading so you see the final look while you shoot.",
      },
    ],
    services: [
      service(
        "Feature",
        "5999",
        "Cinematography for feature-length productions, per shooting block.",
        "film-set.jpg",
      ),
      service("Short", "2999", "A complete camera package and crew for short films.", "documentary.jpg"),
      service("Commercial Ads", "3999", "High-end spots for broadcast and online.", "commercial.jpg"),
    ],
    portfolio: [
      { title: "The Long Road", description: "Feature film shot over 24 days.", image: img("film-set.jpg") },
      { title: "Monsoon", description: "A short film about the first rain.", image: img("documentary.jpg") },
      { title: "Drive", description: "A car commercial shot at dawn.", image: img("commercial.jpg") },
    ],
  },
  "drone-services": {
    slug: "drone-services",
    title: "Drone Services",
    subtitle: "The view from above",
    description: "Licensed pilots for aerial photography, cinematic FPV and survey flights.",
    icon: "🚁",
    heroImage: img("aerial.jpg"),
    gradient: ["#14b8a6", "#3b82f6"],
    features: [
      {
        icon: "🪪",
        title: "Licensed and insured",
        description: "Certified pilots, permits handled, full liability cover.",
      },
      { icon: "🌀", title: "FPV flights", description: "Fly-through shots that no crane can reach." },
      {
        icon: "📐",
        title: "Survey grade",
        description: "Mapping and inspection imagery with accurate overlap.",
      },
    ],
    services: [
      service("Real Estate", "499", "Aerial photos and a short fly-over film.", "aerial.jpg"),
      service("Event", "899", "Aerial coverage of festivals, weddings and sport.", "event.jpg"),
      service("Construction", "699", "Progress flights on a schedule.", "construction.jpg"),
      service("Cinematic", "1299", "Cinema drone with a dedicated camera operator.", "aerial.jpg"),
      service("Agricultural", "799", "Crop health and land surveys.", "fields.jpg"),
      service("Infrastructure", "999", "Inspection of towers, roofs and bridges.", "construction.jpg"),
    ],
    portfolio: [
      { title: "Coastline", description: "A sunrise flight along the coast.", image: img("aerial.jpg") },
      {
        title: "Tower Build",
        description: "Twelve months of construction from above.",
        image: img("construction.jpg"),
      },
      { title: "Harvest", description: "Fields mapped at the end of the season.", image: img("fields.jpg") },
    ],
  },
  "vfx-post": {
    slug: "vfx-post",
    title: "VFX & Post Production",
    subtitle: "Where the story comes together",
    description: "Editing, colour grading, visual effects, motion graphics, sound design and 3D animation.",
    icon: "✨",
    heroImage: img("edit-suite.jpg"),
    gradient: ["#a855f7", "#f43f5e"],
    features: [
      {
        icon: "🖥️",
        title: "Calibrated suites",
        description: "Grading on reference monitors in a treated room.",
      },
      { icon: "🧩", title: "One pipeline", description: "Edit, VFX, colour and sound under one roof." },
      {
        icon: "⏱️",
        title: "Reliable turnaround",
        description: "Clear review rounds and delivery dates you can plan on.",
      },
    ],
    services: [
      service("Color Grading", "799", "A finished look for your film or series.", "edit-suite.jpg"),
      service("Visual Effects", "1499", "Compositing, clean-up and set extensions.", "vfx.jpg"),
      service("Motion Graphics", "999", "Titles, explainers and animated brand elements.", "vfx.jpg"),
      service("Sound Design", "699", "Dialogue edit, sound effects and mix.", "edit-suite.jpg"),
      service("Video Editing", "899", "From rushes to a story that holds attention.", "edit-suite.jpg"),
      service("3D Animation", "1999", "Product renders and animated worlds.", "vfx.jpg"),
    ],
    portfolio: [
      { title: "City of Glass", description: "Set extensions for a sci-fi short.", image: img("vfx.jpg") },
      { title: "Grade Reel", description: "Before and after colour work.", image: img("edit-suite.jpg") },
      { title: "Launch Titles", description: "Motion graphics for a product launch.", image: img("vfx.jpg") },
    ],
  },
  commercial: {
    slug: "commercial",
    title: "Commercial Production",
    subtitle: "Brand content that performs",
    description:
      "TV commercials, digital ads, product videos, brand films and explainers, from concept to broadcast.",
    icon: "💼",
    heroImage: img("commercial.jpg"),
    gradient: ["#f97316", "#eab308"],
    features: [
      {
        icon: "💡",
        title: "Concept to broadcast",
        description: "Creative, production and delivery in one team.",
      },
      { icon: "📊", title: "Made to perform", description: "Cut-downs for every platform and aspect ratio." },
      { icon: "🤝", title: "Agency friendly", description: "We slot into your process and timelines." },
    ],
    services: [
      service("TV", "4999", "Broadcast-ready commercials with full crew.", "commercial.jpg"),
      service("Digital Ads", "1999", "Social-first ads in every format.", "product.jpg"),
      service("Product Videos", "1299", "Show how it works and why it matters.", "product.jpg"),
      service("Brand Films", "3499", "The story of who you are.", "corporate.jpg"),
      service("Corporate", "2299", "Recruitment, culture and investor films.", "corporate.jpg"),
      service("Explainer", "1799", "Complex ideas made simple.", "vfx.jpg"),
    ],
    portfolio: [
      { title: "Morning Ritual", description: "A coffee brand TV spot.", image: img("commercial.jpg") },
      { title: "Unboxed", description: "A product launch film.", image: img("product.jpg") },
      {
        title: "We Build",
        description: "A brand film for an engineering firm.",
        image: img("corporate.jpg"),
      },
    ],
  },
};
