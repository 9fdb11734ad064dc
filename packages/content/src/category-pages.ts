import type { CategorySlug } from "@studio/validators";
import { CATEGORY_HEROES, type CategoryPage } from "./categories";

/** Category page content. Prices are the specification's (USD, strings); images are /media demo files. */
export const CATEGORY_PAGES: Record<CategorySlug, CategoryPage> = {
  photography: {
    slug: "photography",
    ...CATEGORY_HEROES.photography,
    features: [
      {
        icon: "🎯",
        title: "Direction that relaxes",
        description: "We guide every pose and moment, so you look like yourself on your best day.",
      },
      {
        icon: "💡",
        title: "Studio and location light",
        description: "Full lighting kits on set, from a 40 m² daylight studio to a rooftop at dusk.",
      },
      {
        icon: "🖌️",
        title: "Hand retouching",
        description: "Every delivered frame is colour-corrected and retouched by a person, never a preset.",
      },
      {
        icon: "⚡",
        title: "Fast galleries",
        description: "Previews within 48 hours and a private online gallery you can share and download.",
      },
      {
        icon: "🖨️",
        title: "Print-ready files",
        description: "High-resolution files prepared for web, social and large-format print.",
      },
      {
        icon: "🤝",
        title: "Usage made simple",
        description: "Clear licensing for personal and commercial use, written into every quote.",
      },
    ],
    services: [
      {
        title: "Portrait",
        price: "299",
        description: "A one-hour portrait session in the studio or on location, with ten retouched images.",
        image: "/media/portrait.jpg",
      },
      {
        title: "Event",
        price: "799",
        description: "Full coverage of your celebration or conference with a same-week online gallery.",
        image: "/media/event.jpg",
      },
      {
        title: "Product",
        price: "199",
        description: "Clean e-commerce packshots and styled lifestyle images that make products sell.",
        image: "/media/product.jpg",
      },
      {
        title: "Fashion",
        price: "599",
        description: "Editorial and lookbook shoots with styling support and art direction.",
        image: "/media/fashion.jpg",
      },
      {
        title: "Real Estate",
        price: "399",
        description: "Interiors and exteriors, shot at the right hour, that sell the space.",
        image: "/media/real-estate.jpg",
      },
      {
        title: "Corporate",
        price: "499",
        description: "Headshots and workplace stories that show the people behind your brand.",
        image: "/media/corporate.jpg",
      },
    ],
    portfolio: [
      {
        title: "Golden Hour Portraits",
        description: "A natural-light portrait series by the lake.",
        image: "/media/portrait.jpg",
      },
      {
        title: "Harbour Wedding",
        description: "A wedding day told in candid frames.",
        image: "/media/event.jpg",
      },
      {
        title: "Studio Product Line",
        description: "Sixty products shot in a single day.",
        image: "/media/product.jpg",
      },
      {
        title: "Monsoon Editorial",
        description: "Fashion in the first rains of the season.",
        image: "/media/fashion.jpg",
      },
      {
        title: "Villa at Dusk",
        description: "Twilight real-estate photography.",
        image: "/media/real-estate.jpg",
      },
      {
        title: "People of the Firm",
        description: "Portraits for an annual report.",
        image: "/media/corporate.jpg",
      },
    ],
  },
  videography: {
    slug: "videography",
    ...CATEGORY_HEROES.videography,
    features: [
      {
        icon: "🎬",
        title: "Cinema cameras",
        description: "Full-frame cinema bodies and prime lenses on every shoot, big or small.",
      },
      {
        icon: "🎙️",
        title: "Clean sound",
        description: "Wireless lavaliers, boom and a dedicated sound recordist on every interview.",
      },
      {
        icon: "📡",
        title: "Live streaming",
        description: "Multi-camera live streams with graphics to YouTube, LinkedIn or a private page.",
      },
      {
        icon: "✂️",
        title: "Edited in-house",
        description: "The people who shot your film edit it, so nothing gets lost in handover.",
      },
      {
        icon: "📱",
        title: "Every format",
        description: "16:9 masters plus vertical and square cut-downs for social.",
      },
      {
        icon: "🗓️",
        title: "Dates you can plan on",
        description: "A written schedule with review rounds and a delivery date.",
      },
    ],
    services: [
      {
        title: "Corporate",
        price: "1299",
        description: "Brand stories, interviews and internal films that people actually watch.",
        image: "/media/corporate.jpg",
      },
      {
        title: "Wedding",
        price: "1899",
        description: "A cinematic highlight film plus the full ceremony and speeches.",
        image: "/media/event.jpg",
      },
      {
        title: "Music",
        price: "2499",
        description: "Performance and narrative music videos with lighting design.",
        image: "/media/concert.jpg",
      },
      {
        title: "Documentary",
        price: "3499",
        description: "Researched, interviewed and told with care, from short to long form.",
        image: "/media/documentary.jpg",
      },
      {
        title: "Product",
        price: "899",
        description: "Short product films for launches, stores and ads.",
        image: "/media/product.jpg",
      },
      {
        title: "Event",
        price: "1599",
        description: "Highlights and full multi-camera recordings of your event.",
        image: "/media/concert.jpg",
      },
    ],
    portfolio: [
      {
        title: "Night Market",
        description: "A short documentary about a city after dark.",
        image: "/media/documentary.jpg",
      },
      {
        title: "Live Session",
        description: "A four-camera live recording of a jazz quartet.",
        image: "/media/concert.jpg",
      },
      {
        title: "Founders' Film",
        description: "A company story in three minutes.",
        image: "/media/corporate.jpg",
      },
      {
        title: "Harbour Wedding",
        description: "A two-day wedding highlight film.",
        image: "/media/event.jpg",
      },
      {
        title: "Launch Day",
        description: "A product film for a hardware start-up.",
        image: "/media/product.jpg",
      },
      { title: "On Set", description: "Behind the scenes of a music video.", image: "/media/film-set.jpg" },
    ],
  },
  cinematography: {
    slug: "cinematography",
    ...CATEGORY_HEROES.cinematography,
    features: [
      {
        icon: "🎥",
        title: "Camera department",
        description: "DoP, focus puller and grips who work together every week.",
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
      {
        icon: "🔭",
        title: "Anamorphic and spherical",
        description: "Lens packages chosen for the story, not for the spec sheet.",
      },
      {
        icon: "🏗️",
        title: "Grip and motion",
        description: "Dolly, slider, gimbal and crane shots planned in the shot list.",
      },
      {
        icon: "📋",
        title: "Prepared sets",
        description: "Recces, lighting plots and camera tests before day one.",
      },
    ],
    services: [
      {
        title: "Feature",
        price: "5999",
        description: "Cinematography for feature-length productions, per shooting block.",
        image: "/media/film-set.jpg",
      },
      {
        title: "Short",
        price: "2999",
        description: "A complete camera package and crew for short films.",
        image: "/media/documentary.jpg",
      },
      {
        title: "Commercial Ads",
        price: "3999",
        description: "High-end spots for broadcast and online, lit like cinema.",
        image: "/media/commercial.jpg",
      },
    ],
    portfolio: [
      {
        title: "The Long Road",
        description: "An independent feature shot over 24 days.",
        image: "/media/film-set.jpg",
      },
      {
        title: "Monsoon",
        description: "A short film about the first rain.",
        image: "/media/documentary.jpg",
      },
      { title: "Drive", description: "A car commercial shot at dawn.", image: "/media/commercial.jpg" },
      {
        title: "Night Shift",
        description: "A thriller short lit with practicals only.",
        image: "/media/corporate.jpg",
      },
      { title: "Stage Lights", description: "A concert film on three cameras.", image: "/media/concert.jpg" },
      { title: "Glass City", description: "Plates shot for a VFX-heavy short.", image: "/media/vfx.jpg" },
    ],
  },
  "drone-services": {
    slug: "drone-services",
    ...CATEGORY_HEROES["drone-services"],
    features: [
      {
        icon: "🪪",
        title: "Licensed and insured",
        description: "Certified pilots, permits handled and full liability cover.",
      },
      { icon: "🌀", title: "FPV flights", description: "Fly-through shots that no crane can reach." },
      {
        icon: "📐",
        title: "Survey grade",
        description: "Mapping and inspection imagery with accurate overlap.",
      },
      {
        icon: "🎥",
        title: "Cinema drones",
        description: "Large-sensor aerial cameras with a dedicated camera operator.",
      },
      {
        icon: "🛡️",
        title: "Safety first",
        description: "Risk assessments, spotters and site briefings on every flight.",
      },
      {
        icon: "📈",
        title: "Repeatable flights",
        description: "Saved flight paths for monthly progress reports that line up.",
      },
    ],
    services: [
      {
        title: "Real Estate",
        price: "499",
        description: "Aerial photographs and a short fly-over film of the property.",
        image: "/media/real-estate.jpg",
      },
      {
        title: "Event",
        price: "899",
        description: "Aerial coverage of festivals, weddings and sport.",
        image: "/media/event.jpg",
      },
      {
        title: "Construction",
        price: "699",
        description: "Progress flights on a schedule, with comparable angles every time.",
        image: "/media/construction.jpg",
      },
      {
        title: "Cinematic",
        price: "1299",
        description: "Cinema drone with a pilot and a dedicated camera operator.",
        image: "/media/aerial.jpg",
      },
      {
        title: "Agricultural",
        price: "799",
        description: "Crop health imagery and land surveys.",
        image: "/media/fields.jpg",
      },
      {
        title: "Infrastructure",
        price: "999",
        description: "Close inspection of towers, roofs and bridges.",
        image: "/media/construction.jpg",
      },
    ],
    portfolio: [
      { title: "Coastline", description: "A sunrise flight along the coast.", image: "/media/aerial.jpg" },
      {
        title: "Tower Build",
        description: "Twelve months of construction from above.",
        image: "/media/construction.jpg",
      },
      {
        title: "Harvest",
        description: "Fields mapped at the end of the season.",
        image: "/media/fields.jpg",
      },
      {
        title: "Villa Fly-over",
        description: "A one-take aerial tour of a hillside villa.",
        image: "/media/real-estate.jpg",
      },
      {
        title: "Festival Nights",
        description: "Aerial views of a three-day festival.",
        image: "/media/concert.jpg",
      },
      {
        title: "City Lights",
        description: "A night flight over the skyline.",
        image: "/media/corporate.jpg",
      },
    ],
  },
  "vfx-post": {
    slug: "vfx-post",
    ...CATEGORY_HEROES["vfx-post"],
    features: [
      {
        icon: "🖥️",
        title: "Calibrated suites",
        description: "Grading on reference monitors in an acoustically treated room.",
      },
      { icon: "🧩", title: "One pipeline", description: "Edit, VFX, colour and sound under one roof." },
      {
        icon: "⏱️",
        title: "Reliable turnaround",
        description: "Clear review rounds and delivery dates you can plan on.",
      },
      {
        icon: "🌐",
        title: "Remote reviews",
        description: "Frame-accurate comments and live grading sessions online.",
      },
      {
        icon: "📦",
        title: "Every deliverable",
        description: "Broadcast masters, DCPs, HDR and social versions.",
      },
      {
        icon: "🔒",
        title: "Secure media",
        description: "Encrypted storage and backups for your footage.",
      },
    ],
    services: [
      {
        title: "Color Grading",
        price: "799",
        description: "A finished look for your film or series, shot-matched and mastered.",
        image: "/media/edit-suite.jpg",
      },
      {
        title: "Visual Effects",
        price: "1499",
        description: "Compositing, clean-up, screen replacements and set extensions.",
        image: "/media/vfx.jpg",
      },
      {
        title: "Motion Graphics",
        price: "999",
        description: "Titles, explainers and animated brand elements.",
        image: "/media/vfx.jpg",
      },
      {
        title: "Sound Design",
        price: "699",
        description: "Dialogue edit, sound effects, music edit and the final mix.",
        image: "/media/edit-suite.jpg",
      },
      {
        title: "Video Editing",
        price: "899",
        description: "From rushes to a story that holds attention to the last frame.",
        image: "/media/edit-suite.jpg",
      },
      {
        title: "3D Animation",
        price: "1999",
        description: "Product renders, architectural walk-throughs and animated worlds.",
        image: "/media/vfx.jpg",
      },
    ],
    portfolio: [
      { title: "City of Glass", description: "Set extensions for a sci-fi short.", image: "/media/vfx.jpg" },
      { title: "Grade Reel", description: "Before and after colour work.", image: "/media/edit-suite.jpg" },
      {
        title: "Launch Titles",
        description: "Motion graphics for a product launch.",
        image: "/media/vfx.jpg",
      },
      {
        title: "The Long Road",
        description: "Edit and grade of an independent feature.",
        image: "/media/film-set.jpg",
      },
      {
        title: "Drive",
        description: "Clean-up and grade for a car commercial.",
        image: "/media/commercial.jpg",
      },
      {
        title: "Night Market",
        description: "Sound design for a documentary.",
        image: "/media/documentary.jpg",
      },
    ],
  },
  commercial: {
    slug: "commercial",
    ...CATEGORY_HEROES.commercial,
    features: [
      {
        icon: "💡",
        title: "Concept to broadcast",
        description: "Creative, production and delivery in one team.",
      },
      { icon: "📊", title: "Made to perform", description: "Cut-downs for every platform and aspect ratio." },
      {
        icon: "🤝",
        title: "Agency friendly",
        description: "We slot into your process, brand book and timelines.",
      },
      {
        icon: "🧾",
        title: "Transparent budgets",
        description: "Itemised quotes and no surprises between the pitch and the invoice.",
      },
      {
        icon: "🎭",
        title: "Casting and locations",
        description: "Talent, locations and permits arranged for you.",
      },
      {
        icon: "📺",
        title: "Broadcast compliant",
        description: "Loudness, safe areas and formats checked for every channel.",
      },
    ],
    services: [
      {
        title: "TV",
        price: "4999",
        description: "Broadcast-ready commercials with a full crew, from script to master.",
        image: "/media/commercial.jpg",
      },
      {
        title: "Digital Ads",
        price: "1999",
        description: "Social-first ads in every format, built to stop the scroll.",
        image: "/media/fashion.jpg",
      },
      {
        title: "Product Videos",
        price: "1299",
        description: "Show how it works and why it matters.",
        image: "/media/product.jpg",
      },
      {
        title: "Brand Films",
        price: "3499",
        description: "The story of who you are and why you do it.",
        image: "/media/corporate.jpg",
      },
      {
        title: "Corporate",
        price: "2299",
        description: "Recruitment, culture and investor films.",
        image: "/media/corporate.jpg",
      },
      {
        title: "Explainer",
        price: "1799",
        description: "Complex ideas made simple with live action or animation.",
        image: "/media/vfx.jpg",
      },
    ],
    portfolio: [
      { title: "Morning Ritual", description: "A coffee brand TV spot.", image: "/media/commercial.jpg" },
      { title: "Unboxed", description: "A product launch film.", image: "/media/product.jpg" },
      {
        title: "We Build",
        description: "A brand film for an engineering firm.",
        image: "/media/corporate.jpg",
      },
      {
        title: "Rain Check",
        description: "A social campaign for a fashion label.",
        image: "/media/fashion.jpg",
      },
      {
        title: "Home Stretch",
        description: "Property ads for a developer.",
        image: "/media/real-estate.jpg",
      },
      {
        title: "How It Works",
        description: "An animated explainer for a fintech app.",
        image: "/media/vfx.jpg",
      },
    ],
  },
};
