//! The typed models: field for field the C++ ones in the repository's models/ (canada.hpp, twitter.hpp,
//! json_performance.hpp, seed004.hpp), in the same declaration order. Unknown keys are skipped (serde's default).

use serde::{Deserialize, Serialize};

pub mod canada {
    use super::*;

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct FeatureProperties {
        pub name: String,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Polygon {
        pub r#type: String,
        pub coordinates: Vec<Vec<[f64; 2]>>,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Feature {
        pub r#type: String,
        pub properties: FeatureProperties,
        pub geometry: Polygon,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct FeatureCollection {
        pub r#type: String,
        pub features: Vec<Feature>,
    }
}

pub mod twitter {
    use super::*;

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct StatusMetadata {
        pub result_type: String,
        pub iso_language_code: String,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Hashtag {
        pub text: String,
        pub indices: [i32; 2],
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct UrlEntity {
        pub url: String,
        pub expanded_url: String,
        pub display_url: String,
        pub indices: [i32; 2],
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct UserMention {
        pub screen_name: String,
        pub name: String,
        pub id: u64,
        pub id_str: String,
        pub indices: [i32; 2],
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct StatusEntities {
        pub hashtags: Vec<Hashtag>,
        pub urls: Vec<UrlEntity>,
        pub user_mentions: Vec<UserMention>,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct UserProfile {
        pub id: u64,
        pub id_str: String,
        pub name: String,
        pub screen_name: String,
        pub location: String,
        pub description: String,
        pub url: Option<String>,
        pub followers_count: u32,
        pub friends_count: u32,
        pub listed_count: u32,
        pub created_at: String,
        pub favourites_count: u32,
        pub utc_offset: Option<i32>,
        pub time_zone: Option<String>,
        pub geo_enabled: bool,
        pub verified: bool,
        pub statuses_count: u32,
        pub lang: String,
        pub profile_image_url_https: String,
        pub default_profile: bool,
        pub following: bool,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Status {
        pub metadata: StatusMetadata,
        pub created_at: String,
        pub id: u64,
        pub id_str: String,
        pub text: String,
        pub source: String,
        pub truncated: bool,
        pub in_reply_to_status_id: Option<u64>,
        pub in_reply_to_status_id_str: Option<String>,
        pub in_reply_to_user_id: Option<u64>,
        pub in_reply_to_user_id_str: Option<String>,
        pub in_reply_to_screen_name: Option<String>,
        pub user: UserProfile,
        pub retweet_count: u32,
        pub favorite_count: u32,
        pub entities: StatusEntities,
        pub favorited: bool,
        pub retweeted: bool,
        pub lang: String,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct SearchMetadata {
        pub completed_in: f64,
        pub max_id: u64,
        pub max_id_str: String,
        pub next_results: String,
        pub query: String,
        pub refresh_url: String,
        pub count: i32,
        pub since_id: u64,
        pub since_id_str: String,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct SearchResponse {
        pub statuses: Vec<Status>,
        pub search_metadata: SearchMetadata,
    }
}

pub mod json_performance {
    use super::*;

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct FixedObject {
        pub int_array: Vec<i32>,
        pub float_array: Vec<f32>,
        pub double_array: Vec<f64>,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct FixedNameObject {
        pub name0: String,
        pub name1: String,
        pub name2: String,
        pub name3: String,
        pub name4: String,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct NestedObject {
        pub v3s: Vec<[f64; 3]>,
        pub id: String,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct AnotherObject {
        pub string: String,
        pub another_string: String,
        pub escaped_text: String,
        pub boolean: bool,
        pub nested_object: NestedObject,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Obj {
        pub fixed_object: FixedObject,
        pub fixed_name_object: FixedNameObject,
        pub another_object: AnotherObject,
        pub string_array: Vec<String>,
        pub string: String,
        pub number: f64,
        pub boolean: bool,
        pub another_bool: bool,
    }
}

pub mod seed004 {
    use super::*;

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct SearchMetadata {
        pub completed_in: f64,
        pub count: i32,
        pub max_id: i64,
        pub max_id_str: String,
        pub next_results: String,
        pub query: String,
        pub refresh_url: String,
        pub since_id: i64,
        pub since_id_str: String,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Hashtag {
        pub indices: Vec<i32>,
        pub text: String,
    }

    /// The `small` payload.
    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Entities {
        pub hashtags: Vec<Hashtag>,
        pub urls: Vec<Option<String>>,
        pub user_mentions: Vec<Option<String>>,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct UserEntityDescription {
        pub urls: Vec<Option<String>>,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct UrlEntity {
        pub expanded_url: Option<String>,
        pub indices: Vec<i32>,
        pub url: String,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct UserEntityUrl {
        pub urls: Vec<UrlEntity>,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct UserEntities {
        pub description: UserEntityDescription,
        pub url: UserEntityUrl,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct User {
        pub contributors_enabled: bool,
        pub created_at: String,
        pub default_profile: bool,
        pub default_profile_image: bool,
        pub description: String,
        pub entities: UserEntities,
        pub favourites_count: i32,
        pub follow_request_sent: Option<String>,
        pub followers_count: i32,
        pub following: Option<String>,
        pub friends_count: i32,
        pub geo_enabled: bool,
        pub id: i64,
        pub id_str: String,
        pub is_translator: bool,
        pub lang: String,
        pub listed_count: i32,
        pub location: String,
        pub name: String,
        pub notifications: Option<String>,
        pub profile_background_color: String,
        pub profile_background_image_url: String,
        pub profile_background_image_url_https: String,
        pub profile_background_tile: bool,
        pub profile_image_url: String,
        pub profile_image_url_https: String,
        pub profile_link_color: String,
        pub profile_sidebar_border_color: String,
        pub profile_sidebar_fill_color: String,
        pub profile_text_color: String,
        pub profile_use_background_image: bool,
        #[serde(rename = "protected")]
        pub protected_: bool,
        pub screen_name: String,
        pub show_all_inline_media: bool,
        pub statuses_count: i32,
        pub time_zone: String,
        pub url: Option<String>,
        pub utc_offset: i32,
        pub verified: bool,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct StatusMetadata {
        pub iso_language_code: String,
        pub result_type: String,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Status {
        pub contributors: Option<String>,
        pub coordinates: Option<String>,
        pub created_at: String,
        pub entities: Entities,
        pub favorited: bool,
        pub geo: Option<String>,
        pub id: i64,
        pub id_str: String,
        pub in_reply_to_screen_name: Option<String>,
        pub in_reply_to_status_id: Option<String>,
        pub in_reply_to_status_id_str: Option<String>,
        pub in_reply_to_user_id: Option<String>,
        pub in_reply_to_user_id_str: Option<String>,
        pub metadata: StatusMetadata,
        pub place: Option<String>,
        pub retweet_count: i32,
        pub retweeted: bool,
        pub source: String,
        pub text: String,
        pub truncated: bool,
        pub user: User,
    }

    /// The `regular` payload.
    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct LargeStruct {
        pub search_metadata: SearchMetadata,
        pub statuses: Vec<Status>,
    }

    /// The `large` payload: its one key is "Data".
    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct XlStruct {
        #[serde(rename = "Data")]
        pub data: Vec<LargeStruct>,
    }

    /// The `large` payload as the benchmark builds it: 50 copies of the regular one.
    pub fn make_large(regular: &LargeStruct) -> XlStruct {
        XlStruct {
            data: vec![regular.clone(); 50],
        }
    }
}
