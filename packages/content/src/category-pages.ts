import type { CategorySlug } from "@studio/validators";
import { CATEGORY_HEROES, type CategoryPage } from "./categories";

/**
 * The marketing copy of each category page (hero and "Why choose" features). The page's services, prices and
 * portfolio come from the database (the back office): no offer lives here (content.test.ts checks).
 */
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
  },
};
