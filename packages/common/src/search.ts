/** What the header search answers (GET /api/search), shared by the API and the SPA. */

export interface UserHit {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  role: string;
}

export interface FileHit {
  id: string;
  title: string;
  original_name: string;
  kind: string;
  created_at: string;
}

export interface FormHit {
  id: string;
  title: string;
  status: string;
}

export interface EmbedHit {
  id: string;
  title: string;
  provider: string;
  is_active: boolean;
}

export interface SearchResults {
  users: UserHit[];
  files: FileHit[];
  forms: FormHit[];
  embeds: EmbedHit[];
}
