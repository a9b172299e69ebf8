import type { ComponentType, LazyExoticComponent, ReactElement } from 'react';

/**
 * One screen of an admin feature: its path under /admin, the screen whose requirement guards it (a name of
 * `screens` in resources/index.ts, the one place staff screens' access is declared, or an entity's; left out: any
 * signed-in staff), and its page, loaded when first opened. `bare`: outside the layout and before signing in.
 */
export interface FeatureRoute {
  path: string;
  screen?: string;
  Page: LazyExoticComponent<ComponentType>;
  bare?: boolean;
}

/** An entry of the side menu, shown to those the screen's requirement lets in; `place` orders the menu, lowest first. */
export interface MenuEntry {
  to: string;
  label: string;
  screen: string;
  icon: ReactElement;
  place: number;
}

/** A card of the settings page for a settings screen that is no entity's list. */
export interface SettingsCard {
  screen: string;
  label: string;
  Icon: ComponentType;
}

/**
 * What an admin feature folder registers, in its `feature.tsx`: its screens, its menu entries and its settings cards.
 * `features.ts` lists the folders; the app's routes, the menu and the settings page read them there.
 */
export interface AdminFeature {
  routes: FeatureRoute[];
  menu?: MenuEntry[];
  settings?: SettingsCard[];
}
